// 'Try a bill' of the approval policy editor: which rule a bill would match under the draft.
import { useState } from 'react';
import {
  APPROVAL_ORIGINS,
  APPROVAL_PRIORITIES,
  ORIGIN_LABELS,
  peopleText,
  type ApprovalOrigin,
  type ApprovalPriority,
  type PolicyDefinition,
  type PolicySimulation,
} from 'shared-contracts';
import { Button, Flex, FormField, Input, Stack, Text, notifyFailure } from 'shared-ui';
import { NativeSelect } from 'shared-ui/form';
import { simulateApprovalPolicy } from '../api/simulate-approval-policy';
import { amountOf, capitalised, type VendorChoice } from './policy-draft';

/** 'Try a bill': the rule a bill would match under the draft and who could approve each step now. */
export function Simulator({
  companyId,
  draft,
  vendors,
  disabled,
}: {
  companyId: number;
  draft: PolicyDefinition;
  vendors: VendorChoice[];
  disabled: boolean;
}) {
  const [amount, setAmount] = useState('');
  const [vendorRef, setVendorRef] = useState('');
  const [priority, setPriority] = useState<ApprovalPriority>('MEDIUM');
  const [origin, setOrigin] = useState<ApprovalOrigin>('MANUAL');
  const [result, setResult] = useState<PolicySimulation | null>(null);
  const [busy, setBusy] = useState(false);
  async function tryBill() {
    setBusy(true);
    try {
      setResult(
        await simulateApprovalPolicy(companyId, {
          amount: amountOf(amount) ?? 0,
          ...(vendorRef.trim() ? { vendorRef: vendorRef.trim() } : {}),
          priority,
          origin,
          definition: draft,
        }),
      );
    } catch (failure) {
      notifyFailure(failure, 'The bill could not be tried');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack as="section" gap="3" aria-label="Try a bill" borderTopWidth="1px" pt="4">
      <Text fontWeight="semibold">Try a bill</Text>
      <Flex gap="3" flexWrap="wrap" align="end">
        <FormField label="Amount ($)">
          <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </FormField>
        <FormField label="Vendor">
          <NativeSelect.Root width="auto" maxW="100%">
            <NativeSelect.Field value={vendorRef} onChange={(e) => setVendorRef(e.target.value)}>
              <option value="">Any other vendor</option>
              {vendors.map((v) => (
                <option key={v.ref} value={v.ref}>
                  {v.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Priority">
          <NativeSelect.Root width="auto">
            <NativeSelect.Field
              value={priority}
              onChange={(e) => setPriority(e.target.value as ApprovalPriority)}
            >
              {APPROVAL_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Entered by hand or imported">
          <NativeSelect.Root width="auto">
            <NativeSelect.Field
              value={origin}
              onChange={(e) => setOrigin(e.target.value === 'QUICKBOOKS' ? 'QUICKBOOKS' : 'MANUAL')}
            >
              {APPROVAL_ORIGINS.map((o) => (
                <option key={o} value={o}>
                  {capitalised(ORIGIN_LABELS[o])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button variant="outline" loading={busy} disabled={disabled} onClick={() => void tryBill()}>
          Try
        </Button>
      </Flex>
      {result && (
        <Stack gap="1" data-testid="simulation" aria-live="polite">
          <Text>
            Rule {result.rule}: {result.ruleSummary}
          </Text>
          {result.steps.map((step) => (
            <Text key={step.position} textStyle="sm">
              Step {step.position} ({step.label}):{' '}
              {step.peopleCount > 0
                ? peopleText(step.people, step.peopleCount)
                : 'nobody active can approve it'}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
