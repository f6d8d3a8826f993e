import { useEffect, useState } from 'react';
import { Box, SimpleGrid, Text } from 'shared-ui';
import { RELEASE_TEXT, SECTIONS } from 'shared-contracts';
import { releaseIdOf } from '../dashboard/dashboard-model';

/**
 * What this console runs: the host's build id and each section's live release (from /remotes.json),
 * so support can tell versions apart. Its lines are there from the first render (the ids fill in),
 * so the card does not grow when they arrive. Releasing and rolling back are the release tool's
 * (tools/build/release), not the console's: this only reads what is live.
 */
export function ReleasesList() {
  const [remotes, setRemotes] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetch('/remotes.json', { cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<Record<string, string>>) : {}))
      .then(
        (value) => !cancelled && setRemotes(value),
        () => !cancelled && setRemotes({}),
      );
    return () => {
      cancelled = true;
    };
  }, []);
  const rows = [
    { key: 'host', label: RELEASE_TEXT.hostBuild, value: process.env.BUILD_ID },
    ...SECTIONS.map((section) => ({
      key: section.name,
      label: section.label,
      value: remotes ? (releaseIdOf(remotes[section.name]) ?? RELEASE_TEXT.notReleased) : '…',
    })),
  ];
  return (
    <Box data-testid="releases">
      <SimpleGrid columns={{ base: 1, sm: 2 }} columnGap="6" rowGap="1">
        {rows.map((row) => (
          <Text key={row.key} fontSize="sm" data-testid={`release-${row.key}`}>
            {row.label}:{' '}
            <Text as="span" fontFamily="mono">
              {row.value}
            </Text>
          </Text>
        ))}
      </SimpleGrid>
    </Box>
  );
}
