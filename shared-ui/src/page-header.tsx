import { Box, Breadcrumb, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TruncatedText } from './truncated-text';

/** One breadcrumb step; without `to` it is plain text. */
export interface Crumb {
  label: string;
  to?: string;
}

/** Props of PageHeader. */
export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Steps after 'Home'; the last one is the current page. */
  breadcrumbs: Crumb[];
  actions?: ReactNode;
}

/** Label and target of the first breadcrumb of every page. */
export const HOME_CRUMB = { label: 'Home', to: '/dashboard' } as const satisfies Crumb;

/** Longest a breadcrumb step grows before it is cut with '…' (full text on hover). */
const CRUMB_MAX_WIDTH = { base: '12rem', md: '24rem' } as const;
/** Lines of the title shown before a very long one (a 255-character name) is cut. */
const TITLE_LINES = 3;

/**
 * Page title with its breadcrumb (always starting at Home → /dashboard) and actions that wrap under the
 * title on phones. Long steps and titles are cut with '…' and keep the full text on hover, so the
 * breadcrumb stays on one line and the actions stay in view.
 */
export function PageHeader({ title, description, breadcrumbs, actions }: PageHeaderProps) {
  const crumbs: Crumb[] = [HOME_CRUMB, ...breadcrumbs];
  return (
    <Box as="header" mb="6">
      <Breadcrumb.Root aria-label="Breadcrumb" size="sm" mb="2">
        <Breadcrumb.List flexWrap="nowrap" minW="0">
          {crumbs.map((crumb, index) => {
            const isCurrent = index === crumbs.length - 1;
            return (
              <Fragment key={`${index}-${crumb.label}`}>
                {index > 0 ? <Breadcrumb.Separator /> : null}
                <Breadcrumb.Item minW="0">
                  {isCurrent ? (
                    <Breadcrumb.CurrentLink minW="0">
                      <TruncatedText maxW={CRUMB_MAX_WIDTH}>{crumb.label}</TruncatedText>
                    </Breadcrumb.CurrentLink>
                  ) : crumb.to ? (
                    <Breadcrumb.Link asChild>
                      <RouterLink to={crumb.to}>
                        <TruncatedText maxW={CRUMB_MAX_WIDTH}>{crumb.label}</TruncatedText>
                      </RouterLink>
                    </Breadcrumb.Link>
                  ) : (
                    <Text as="span" color="fg.muted" minW="0">
                      <TruncatedText maxW={CRUMB_MAX_WIDTH}>{crumb.label}</TruncatedText>
                    </Text>
                  )}
                </Breadcrumb.Item>
              </Fragment>
            );
          })}
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Stack
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-start' }}
        gap="4"
      >
        <Box minW="0">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            <TruncatedText lines={TITLE_LINES}>{title}</TruncatedText>
          </Heading>
          {description ? (
            <Text color="fg.muted" mt="1">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? (
          <HStack gap="2" wrap="wrap" flexShrink={0}>
            {actions}
          </HStack>
        ) : null}
      </Stack>
    </Box>
  );
}
