import { saveBlob } from 'shared-auth';
import { SECOND_FACTOR_TEXT } from 'shared-contracts';
import { Button, HStack, Portal, SimpleGrid, Text } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';

/** The text file Download gives: one code a line, with what they are for. */
function codesFile(codes: readonly string[]): Blob {
  const lines = [
    SECOND_FACTOR_TEXT.recoveryCodesTitle,
    '',
    ...codes,
    '',
    SECOND_FACTOR_TEXT.recoveryCodesOnce,
    '',
  ];
  return new Blob([lines.join('\n')], { type: 'text/plain;charset=utf-8' });
}

/** Props of RecoveryCodesDialog. */
export interface RecoveryCodesDialogProps {
  /** The codes just made; null: closed. */
  codes: readonly string[] | null;
  onClose: () => void;
}

/** The recovery codes, shown once: on screen and as a text file to keep. */
export function RecoveryCodesDialog({ codes, onClose }: RecoveryCodesDialogProps) {
  return (
    <Dialog.Root
      open={codes !== null}
      placement="center"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '4', md: '0' }}>
          <Dialog.Content data-testid="recovery-codes">
            <Dialog.Header>
              <Dialog.Title>{SECOND_FACTOR_TEXT.recoveryCodesTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description mb="4">{SECOND_FACTOR_TEXT.recoveryCodesOnce}</Dialog.Description>
              <SimpleGrid
                as="ul"
                columns={2}
                gap="2"
                listStyleType="none"
                aria-label={SECOND_FACTOR_TEXT.recoveryCodesTitle}
              >
                {(codes ?? []).map((code) => (
                  <Text as="li" key={code} fontFamily="mono" fontSize="md" data-recovery-code="">
                    {code}
                  </Text>
                ))}
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2" wrap="wrap" justify="flex-end">
                <Button
                  variant="outline"
                  onClick={() => codes && saveBlob(codesFile(codes), 'recovery-codes.txt')}
                >
                  {SECOND_FACTOR_TEXT.downloadCodes}
                </Button>
                <Button colorPalette="blue" onClick={onClose}>
                  {SECOND_FACTOR_TEXT.codesSaved}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
