import { Box, Breadcrumb, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

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

/** Label and target of the first breadcrumb of every page (SPEC §2). */
export const HOME_CRUMB = { label: 'Home', to: '/dashboard' } as const satisfies Crumb;

/** Page title with its breadcrumb (always starting at Home → /dashboard) and actions that wrap under the title on phones. */
export function PageHeader({ title, description, breadcrumbs, actions }: PageHeaderProps) {
  const crumbs: Crumb[] = [HOME_CRUMB, ...breadcrumbs];
  return (
    <Box as="header" mb="6">
      <Breadcrumb.Root aria-label="Breadcrumb" size="sm" mb="2">
        <Breadcrumb.List flexWrap="wrap">
          {crumbs.map((crumb, index) => {
            const isCurrent = index === crumbs.length - 1;
            return (
              <Fragment key={`${index}-${crumb.label}`}>
                {index > 0 ? <Breadcrumb.Separator /> : null}
                <Breadcrumb.Item>
                  {isCurrent ? (
                    <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
                  ) : crumb.to ? (
                    <Breadcrumb.Link asChild>
                      <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                    </Breadcrumb.Link>
                  ) : (
                    <Text as="span" color="fg.muted">
                      {crumb.label}
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
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word">
            {title}
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
