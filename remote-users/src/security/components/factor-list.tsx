import { SECOND_FACTOR_TEXT, type Factor } from 'shared-contracts';
import { Badge, Box, Button, Flex, Stack, Text } from 'shared-ui';
import { formatDate, formatRelative } from 'shared-ui/format';

/** What each kind of factor is called on the page. */
export const FACTOR_KIND_LABEL: Record<Factor['kind'], string> = SECOND_FACTOR_TEXT.kind;

/** Props of FactorList. */
export interface FactorListProps {
  factors: readonly Factor[];
  onRemove: (factor: Factor) => void;
}

/** The person's factors: name, kind, when added and last used, and Remove. */
export function FactorList({ factors, onRemove }: FactorListProps) {
  if (factors.length === 0) {
    return <Text color="fg.muted">{SECOND_FACTOR_TEXT.noFactorsYet}</Text>;
  }
  return (
    <Stack as="ul" gap="0" listStyleType="none" aria-label="Your second factors">
      {factors.map((factor) => (
        <Flex
          as="li"
          key={factor.id}
          gap="3"
          py="3"
          borderTopWidth="1px"
          borderColor="border"
          _first={{ borderTopWidth: 0, pt: 0 }}
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'stretch', sm: 'center' }}
          justify="space-between"
        >
          <Box minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontWeight="semibold" wordBreak="break-word">
                {factor.name}
              </Text>
              <Badge colorPalette={factor.kind === 'passkey' ? 'purple' : 'blue'}>
                {FACTOR_KIND_LABEL[factor.kind]}
              </Badge>
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              Added {formatDate(factor.createdAt)} · Last used{' '}
              {factor.lastUsedAt ? formatRelative(factor.lastUsedAt) : 'never'}
            </Text>
          </Box>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            alignSelf={{ base: 'flex-start', sm: 'center' }}
            onClick={() => onRemove(factor)}
            aria-label={`Remove ${factor.name}`}
          >
            Remove
          </Button>
        </Flex>
      ))}
    </Stack>
  );
}
