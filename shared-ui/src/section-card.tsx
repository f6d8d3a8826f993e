// The card of detail pages and the dashboard: an h2 title, optional actions beside it, then content.
import { Card, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** Props of SectionCard. */
export interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the end of the title row; they wrap under it on a phone. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * Titled card (a section labelled by its h2).
 * @example <SectionCard title="Company Information" actions={<Button size="sm">Edit</Button>}><DetailList>…</DetailList></SectionCard>
 */
export function SectionCard({ title, description, actions, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} minW="0">
      <Card.Header>
        <Flex
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
          gap="3"
        >
          <div>
            <Heading as="h2" size="md" id={headingId}>
              {title}
            </Heading>
            {description ? (
              <Text textStyle="sm" color="fg.muted" mt="1">
                {description}
              </Text>
            ) : null}
          </div>
          {actions ? (
            <HStack gap="2" wrap="wrap" flexShrink={0}>
              {actions}
            </HStack>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body minW="0">{children}</Card.Body>
    </Card.Root>
  );
}
