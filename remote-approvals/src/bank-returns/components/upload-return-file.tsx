import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from 'shared-auth';
import { BANK_RETURNS_PAGE_TEXT, type BankReturnUpload } from 'shared-contracts';
import { Alert, Button, Field, Flex, Input, SectionCard } from 'shared-ui';
import { uploadReturnFile } from '../api/return-files';

const TEXT = BANK_RETURNS_PAGE_TEXT.upload;

type Outcome = { kind: 'done'; upload: BankReturnUpload } | { kind: 'failed'; message: string };

/**
 * ADMIN applies a file the bank sent back: read as text, sent as the body (text/plain). The API's
 * answer stays in the card (what was returned, unmatched, mismatched, or that nothing changed);
 * a refusal for want of a fresh second factor asks for one and sends the file again.
 */
export function UploadReturnFile() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setOutcome({ kind: 'failed', message: TEXT.chooseFile });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const text = await file.text().catch(() => {
        throw new Error(TEXT.readFailed);
      });
      const upload = await uploadReturnFile(file.name, text);
      setOutcome({ kind: 'done', upload });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard title={TEXT.title} description={TEXT.description}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Field.Root flex="1" minW="min(100%, 16rem)">
            <Field.Label htmlFor={inputId}>{TEXT.fileLabel}</Field.Label>
            <Input
              ref={input}
              id={inputId}
              type="file"
              accept=".txt,.ach,.ret,text/plain"
              p="1.5"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setOutcome(null);
              }}
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={busy} loadingText={TEXT.pending}>
            {TEXT.submit}
          </Button>
        </Flex>
      </form>
      {outcome ? (
        <Alert.Root
          status={outcome.kind === 'failed' ? 'error' : outcome.upload.alreadyApplied ? 'info' : 'success'}
          mt="4"
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
          data-testid="return-file-outcome"
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              {outcome.kind === 'failed' ? outcome.message : outcome.upload.message}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </SectionCard>
  );
}
