// The approval policy editor: the draft's summary, its rules (policy-rule-editor.tsx), the escalation
// time, the problems that keep it from being saved, and 'Try a bill' (policy-simulator.tsx).
import { useMemo, useState } from 'react';
import { errorMessage } from 'shared-auth';
import {
  POLICY_CHANGE_MESSAGES,
  POLICY_LIMITS,
  adminOnlyStep,
  policyProblems,
  policySummary,
} from 'shared-contracts';
import {
  Alert,
  Button,
  FormField,
  HStack,
  Input,
  Stack,
  Text,
  notifyFailure,
  notifySuccess,
} from 'shared-ui';
import { personName, useStaffPeople } from 'shared-ui/form';
import { proposeApprovalPolicy } from '../api/approval-policy-mutations';
import { useVendorAccounts } from '../api/get-payments';
import {
  definitionOf,
  draftRule,
  fieldProblems,
  type Draft,
  type DraftRule,
  type VendorChoice,
} from './policy-draft';
import { RuleEditor } from './policy-rule-editor';
import { Simulator } from './policy-simulator';

const SAVE_FAILED = 'The approval policy could not be saved';

/** The vendors a rule can name: those with a bank account and those of unpaid bills lacking one. */
export function useVendorChoices(companyId: number): VendorChoice[] {
  const vendors = useVendorAccounts(companyId);
  return useMemo(() => {
    const byRef = new Map<string, string>();
    for (const a of vendors.data?.accounts ?? []) byRef.set(a.vendorRef, a.vendorName);
    for (const m of vendors.data?.missingVendors ?? [])
      if (!byRef.has(m.vendorRef)) byRef.set(m.vendorRef, m.vendorName);
    return [...byRef].map(([ref, name]) => ({ ref, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [vendors.data]);
}

/**
 * The policy editor: rules and steps with a live summary and the structural checks, saved as a
 * change that waits for an ADMIN other than its author (approvals in flight keep their version), and
 * 'Try a bill' against the draft.
 */
export function PolicyEditor({
  companyId,
  draft,
  onChange,
  onDone,
}: {
  companyId: number;
  draft: Draft;
  onChange: (next: Draft) => void;
  onDone: () => void;
}) {
  const staff = useStaffPeople();
  const people = useMemo(() => staff.data?.data ?? [], [staff.data]);
  const vendors = useVendorChoices(companyId);
  const nameOf = (id: number) => {
    const person = people.find((p) => p.id === id);
    return person ? personName(person) : `user #${id}`;
  };
  const vendorName = (ref: string) => vendors.find((v) => v.ref === ref)?.name ?? `vendor ${ref}`;
  const definition = definitionOf(draft);
  const problems = [...fieldProblems(draft), ...policyProblems(definition)];
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const setRules = (rules: DraftRule[]) => onChange({ ...draft, rules });
  const setRule = (index: number, next: DraftRule) =>
    setRules(draft.rules.map((r, i) => (i === index ? next : r)));
  const moveRule = (index: number, by: -1 | 1) => {
    const rules = [...draft.rules];
    [rules[index], rules[index + by]] = [rules[index + by]!, rules[index]!];
    setRules(rules);
  };
  const addRule = () =>
    setRules([
      ...draft.rules.slice(0, -1),
      draftRule({
        conditions: { minAmount: 0 },
        steps: [adminOnlyStep()],
      }),
      draft.rules[draft.rules.length - 1]!,
    ]);

  async function save() {
    setSaving(true);
    setServerError(null);
    try {
      await proposeApprovalPolicy(companyId, {
        definition,
        escalationHours: Number(draft.escalationText),
      });
      notifySuccess(POLICY_CHANGE_MESSAGES.proposed);
      onDone();
    } catch (failure) {
      setServerError(errorMessage(failure, SAVE_FAILED));
      notifyFailure(failure, SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  const movable = draft.rules.length - 1; // the last rule (every other bill) stays last
  return (
    <Stack gap="5">
      <Stack gap="1" aria-live="polite">
        <Text fontWeight="semibold">Summary</Text>
        <Stack as="ul" gap="1" m="0" pl="5" data-testid="policy-summary">
          {policySummary(definition, nameOf, vendorName).map((line, i) => (
            <Text as="li" key={`${i}-${line}`}>
              {line}
            </Text>
          ))}
        </Stack>
        <Text textStyle="sm" color="fg.muted">
          The first rule whose conditions a bill meets applies: order them from the most particular.
        </Text>
      </Stack>
      {draft.rules.map((entry, index) => (
        <RuleEditor
          key={entry.key}
          index={index}
          entry={entry}
          isLast={index === draft.rules.length - 1}
          people={people}
          vendors={vendors}
          vendorName={vendorName}
          onChange={(next) => setRule(index, next)}
          onRemove={() => setRules(draft.rules.filter((_, i) => i !== index))}
          onMoveUp={index > 0 && index < movable ? () => moveRule(index, -1) : undefined}
          onMoveDown={index < movable - 1 ? () => moveRule(index, 1) : undefined}
        />
      ))}
      <HStack>
        <Button
          size="sm"
          variant="outline"
          onClick={addRule}
          disabled={draft.rules.length >= POLICY_LIMITS.rules}
        >
          Add rule
        </Button>
      </HStack>
      <FormField
        label="Escalate a step to the ADMINs after (hours)"
        hint="A step nobody has decided in this time may be approved by any admin as well."
      >
        <Input
          inputMode="numeric"
          maxW="12rem"
          value={draft.escalationText}
          onChange={(e) => onChange({ ...draft, escalationText: e.target.value })}
        />
      </FormField>
      {(problems.length > 0 || serverError) && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The policy cannot be saved yet</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap="0.5" m="0" pl="4" data-testid="policy-problems">
                {[...problems, ...(serverError ? [serverError] : [])].map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Text textStyle="sm" color="fg.muted">
        A saved change applies once an ADMIN other than you confirms it; until then the company keeps its
        current policy.
      </Text>
      <HStack gap="2" flexWrap="wrap">
        <Button
          colorPalette="blue"
          loading={saving}
          disabled={problems.length > 0}
          onClick={() => void save()}
        >
          Save for confirmation
        </Button>
        <Button variant="outline" disabled={saving} onClick={onDone}>
          Cancel
        </Button>
      </HStack>
      <Simulator companyId={companyId} draft={definition} vendors={vendors} disabled={problems.length > 0} />
    </Stack>
  );
}
