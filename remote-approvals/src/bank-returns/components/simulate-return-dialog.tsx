import { useEffect, useState } from 'react';
import * as v from 'valibot';
import {
  BANK_RETURNS_PAGE_TEXT,
  SIMULATOR_RETURN_CODES,
  SimulateReturnBodySchema,
  type BankFileReconEntry,
} from 'shared-contracts';
import { Flex, Stack, Text, TruncatedText } from 'shared-ui';
import { ConfirmDialog, useRowAction } from 'shared-ui/dialog';
import { Checkbox, SelectField } from 'shared-ui/form';
import { simulateReturn } from '../api/simulator';
import { centsToUsd } from '../bank-returns-model';

const TEXT = BANK_RETURNS_PAGE_TEXT.simulator;
const CODE_OPTIONS = SIMULATOR_RETURN_CODES.map(({ code, description }) => ({
  value: code,
  label: `${code} ${description}`,
}));
// The return a demo shows first: the account is not found, which also blocks the vendor's account.
const DEFAULT_CODE = 'R03';

/**
 * Demo only (the API's simulator is on): ADMIN picks bills of the approval's bank file and a return
 * code; the simulator writes the bank's return file and the console applies it. The schema's own
 * messages say what is missing.
 */
export function SimulateReturnDialog({
  approvalId,
  entries,
  open,
  onOpenChange,
}: {
  approvalId: string;
  entries: BankFileReconEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [code, setCode] = useState(DEFAULT_CODE);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useRowAction();
  useEffect(() => {
    if (!open) return;
    setChecked(new Set(entries.slice(0, 1).map((entry) => entry.billId)));
    setCode(DEFAULT_CODE);
    setProblem(null);
  }, [open, entries]);

  function toggle(billId: string, on: boolean) {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(billId);
      else next.delete(billId);
      return next;
    });
  }

  async function submit() {
    const body = v.safeParse(SimulateReturnBodySchema, { billIds: [...checked], code });
    if (!body.success) {
      setProblem(body.issues[0].message);
      return;
    }
    setProblem(null);
    await run(
      () => simulateReturn(approvalId, body.output),
      (upload) => upload.message,
      {
        onDone: () => onOpenChange(false),
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={TEXT.title}
      description={TEXT.description}
      confirmLabel={TEXT.confirm}
      pendingLabel={TEXT.pending}
      isPending={busy}
      destructive
      onConfirm={() => void submit()}
    >
      <Stack gap="4">
        <Stack gap="2" as="fieldset">
          <Text as="legend" fontWeight="medium" mb="1">
            {TEXT.billsLabel}
          </Text>
          {entries.map((entry) => (
            <Checkbox.Root
              key={entry.billId}
              checked={checked.has(entry.billId)}
              disabled={busy}
              onCheckedChange={(details) => toggle(entry.billId, details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label flex="1" minW="0">
                <Flex justify="space-between" gap="3">
                  <TruncatedText lines={2}>
                    {entry.vendorName} · {entry.billId}
                  </TruncatedText>
                  <Text as="span" fontWeight="semibold" flexShrink={0}>
                    {centsToUsd(entry.amountCents)}
                  </Text>
                </Flex>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        <SelectField
          label={TEXT.codeLabel}
          options={CODE_OPTIONS}
          value={code}
          disabled={busy}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        {problem ? (
          <Text color="fg.error" fontWeight="medium" role="alert">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
