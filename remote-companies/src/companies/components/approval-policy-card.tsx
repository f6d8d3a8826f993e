import { useMemo, useState } from 'react';
import useSWR, { mutate } from 'swr';
import { api, errorMessage, useHasRole } from 'shared-auth';
import {
  APPROVAL_ORIGINS,
  APPROVAL_PRIORITIES,
  ORIGIN_LABELS,
  POLICY_LIMITS,
  approverKey,
  peopleText,
  policyProblems,
  policySummary,
  type ApprovalOrigin,
  type ApprovalPolicy,
  type ApprovalPriority,
  type PolicyApprover,
  type PolicyDefinition,
  type PolicyRule,
  type PolicySimulation,
  type PolicyStep,
  type UserRef,
} from 'shared-contracts';
import {
  Alert,
  Button,
  Flex,
  HStack,
  Input,
  SectionCard,
  Stack,
  Text,
  FormField,
  notifyError,
  notifySuccess,
} from 'shared-ui';
import { Checkbox, NativeSelect, personName } from 'shared-ui/form';
import { useStaffOptions } from '../api/get-assignee-options';
import { useVendorAccounts } from '../api/get-payments';
import { companyKeys } from '../api/keys';

const policyKey = (id: number) => ['companies', 'approval-policy', id] as const;

/** The approvers a step can name without picking a person. */
const GROUPS: Array<{ label: string; approver: PolicyApprover }> = [
  { label: "The company's approver", approver: { kind: 'assignee', assignee: 'approver' } },
  { label: "The company's manager", approver: { kind: 'assignee', assignee: 'manager' } },
  { label: "The company's accountant", approver: { kind: 'assignee', assignee: 'accountant' } },
  { label: 'Any MODERATOR', approver: { kind: 'role', role: 'MODERATOR' } },
  { label: 'Any ADMIN', approver: { kind: 'role', role: 'ADMIN' } },
];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const amountOf = (text: string): number | undefined => {
  const value = Number(text.replace(/[$,\s]/g, ''));
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
};

/** Escalation time limits, as the API checks them (whole hours, 1 hour to 30 days). */
const ESCALATION_HOURS = { min: 1, max: 24 * 30 } as const;

/**
 * The editor's state: each rule with a key that stays with it when rules move (the inputs are
 * keyed by it) and the amount texts as typed (so that a text that is not an amount is named
 * instead of silently dropped), and the escalation time as typed.
 */
interface DraftRule {
  key: number;
  rule: PolicyRule;
  minText: string;
  maxText: string;
}
interface Draft {
  rules: DraftRule[];
  escalationText: string;
}

let nextRuleKey = 1;
const draftRule = (rule: PolicyRule): DraftRule => ({
  key: nextRuleKey++,
  rule,
  minText: rule.conditions.minAmount === undefined ? '' : String(rule.conditions.minAmount),
  maxText: rule.conditions.maxAmount === undefined ? '' : String(rule.conditions.maxAmount),
});
const draftOf = (policy: ApprovalPolicy): Draft => ({
  rules: structuredClone(policy.definition).rules.map(draftRule),
  escalationText: String(policy.escalationHours),
});
const definitionOf = (draft: Draft): PolicyDefinition => ({ rules: draft.rules.map((r) => r.rule) });

/** What the typed fields get wrong, named (the structural checks come from policyProblems). */
function fieldProblems(draft: Draft): string[] {
  const problems: string[] = [];
  draft.rules.forEach((r, i) => {
    for (const [text, what] of [
      [r.minText, 'bills from'],
      [r.maxText, 'below'],
    ] as const) {
      if (text.trim() !== '' && amountOf(text) === undefined)
        problems.push(`Rule ${i + 1}, ${what}: "${text.trim()}" is not an amount (give dollars, e.g. 5000)`);
    }
  });
  const hours = Number(draft.escalationText);
  if (
    !Number.isInteger(hours) ||
    hours < ESCALATION_HOURS.min ||
    hours > ESCALATION_HOURS.max ||
    draft.escalationText.trim() === ''
  )
    problems.push(
      `Escalation time: give a whole number of hours from ${ESCALATION_HOURS.min} to ${ESCALATION_HOURS.max}`,
    );
  return problems;
}

/**
 * The company's approval policy: its summary and version for everyone; for MODERATOR and ADMIN an
 * editor with a live summary and the structural checks, saved as a new version (approvals in flight
 * keep theirs), and 'Try a bill' against the draft.
 */
export function ApprovalPolicyCard({ companyId }: { companyId: number }) {
  const canEdit = useHasRole('MODERATOR');
  const policy = useSWR(policyKey(companyId), () =>
    api.get<ApprovalPolicy>(`/api/company/companies/${companyId}/approval-policy`),
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const data = policy.data;
  return (
    <SectionCard
      title="Approval policy"
      description={
        data
          ? `${data.version === 0 ? 'Default policy' : `Version ${data.version}`} · a step waiting ${data.escalationHours} hours is escalated to the ADMINs`
          : undefined
      }
      actions={
        canEdit && data && !draft ? (
          <Button size="sm" variant="outline" onClick={() => setDraft(draftOf(data))}>
            Edit policy
          </Button>
        ) : undefined
      }
    >
      {!data ? (
        <Text color="fg.muted">{policy.error ? 'The approval policy could not be loaded' : 'Loading…'}</Text>
      ) : draft ? (
        <PolicyEditor companyId={companyId} draft={draft} onChange={setDraft} onDone={() => setDraft(null)} />
      ) : (
        <Stack as="ul" gap="1" m="0" pl="5" aria-label="Policy summary">
          {data.summary.map((line) => (
            <Text as="li" key={line}>
              {line}
            </Text>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/** The vendors a rule can name: those with a bank account and those of unpaid bills lacking one. */
function useVendorChoices(companyId: number): VendorChoice[] {
  const vendors = useVendorAccounts(companyId);
  return useMemo(() => {
    const byRef = new Map<string, string>();
    for (const a of vendors.data?.accounts ?? []) byRef.set(a.vendorRef, a.vendorName);
    for (const m of vendors.data?.missingVendors ?? [])
      if (!byRef.has(m.vendorRef)) byRef.set(m.vendorRef, m.vendorName);
    return [...byRef].map(([ref, name]) => ({ ref, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [vendors.data]);
}
interface VendorChoice {
  ref: string;
  name: string;
}

function PolicyEditor({
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
  const staff = useStaffOptions();
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
        steps: [{ mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] }],
      }),
      draft.rules[draft.rules.length - 1]!,
    ]);

  async function save() {
    setSaving(true);
    setServerError(null);
    try {
      await api.put<ApprovalPolicy>(`/api/company/companies/${companyId}/approval-policy`, {
        definition,
        escalationHours: Number(draft.escalationText),
      });
      await Promise.all([mutate(policyKey(companyId)), mutate(companyKeys.activity(companyId))]);
      notifySuccess('Approval policy saved as a new version');
      onDone();
    } catch (failure) {
      const message = errorMessage(failure, 'The approval policy could not be saved');
      setServerError(message);
      notifyError(message);
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
        hint="A step nobody has decided in this time may be approved by any ADMIN as well."
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
      <HStack gap="2" flexWrap="wrap">
        <Button
          colorPalette="blue"
          loading={saving}
          disabled={problems.length > 0}
          onClick={() => void save()}
        >
          Save as new version
        </Button>
        <Button variant="outline" disabled={saving} onClick={onDone}>
          Cancel
        </Button>
      </HStack>
      <Simulator companyId={companyId} draft={definition} vendors={vendors} disabled={problems.length > 0} />
    </Stack>
  );
}

function RuleEditor({
  index,
  entry,
  isLast,
  people,
  vendors,
  vendorName,
  onChange,
  onRemove,
  onMoveUp,
  onMoveDown,
}: {
  index: number;
  entry: DraftRule;
  isLast: boolean;
  people: UserRef[];
  vendors: VendorChoice[];
  vendorName: (ref: string) => string;
  onChange: (entry: DraftRule) => void;
  onRemove: () => void;
  onMoveUp: (() => void) | undefined;
  onMoveDown: (() => void) | undefined;
}) {
  const n = index + 1;
  const rule = entry.rule;
  const c = rule.conditions;
  const setRule = (next: PolicyRule) => onChange({ ...entry, rule: next });
  const setConditions = (next: PolicyRule['conditions'], texts: Partial<DraftRule> = {}) => {
    const clean = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
    onChange({ ...entry, ...texts, rule: { ...rule, conditions: clean } });
  };
  const setStep = (i: number, step: PolicyStep) =>
    setRule({ ...rule, steps: rule.steps.map((s, j) => (j === i ? step : s)) });
  const togglePriority = (priority: ApprovalPriority, on: boolean) => {
    const next = APPROVAL_PRIORITIES.filter((p) => (p === priority ? on : (c.priorities ?? []).includes(p)));
    setConditions({ ...c, priorities: next.length ? next : undefined });
  };
  const chosenVendors = c.vendorRefs ?? [];
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" minW="0" role="group" aria-label={`Rule ${n}`}>
      <Flex justify="space-between" align="center" gap="2" flexWrap="wrap">
        <Text fontWeight="semibold">
          Rule {n}
          {isLast ? ' (every other bill)' : ''}
        </Text>
        {!isLast && (
          <HStack gap="1" flexWrap="wrap">
            <Button
              size="xs"
              variant="outline"
              disabled={!onMoveUp}
              onClick={onMoveUp}
              aria-label={`Move rule ${n} up`}
            >
              ↑ Up
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={!onMoveDown}
              onClick={onMoveDown}
              aria-label={`Move rule ${n} down`}
            >
              ↓ Down
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
              Remove rule {n}
            </Button>
          </HStack>
        )}
      </Flex>
      {!isLast && (
        <Stack gap="3">
          <Flex gap="3" flexWrap="wrap">
            <FormField label={`Rule ${n}: bills from ($)`}>
              <Input
                inputMode="decimal"
                value={entry.minText}
                onChange={(e) =>
                  setConditions({ ...c, minAmount: amountOf(e.target.value) }, { minText: e.target.value })
                }
              />
            </FormField>
            <FormField label={`Rule ${n}: below ($)`}>
              <Input
                inputMode="decimal"
                value={entry.maxText}
                onChange={(e) =>
                  setConditions({ ...c, maxAmount: amountOf(e.target.value) }, { maxText: e.target.value })
                }
              />
            </FormField>
            <FormField label={`Rule ${n}: entered by hand or imported`}>
              <NativeSelect.Root width="auto">
                <NativeSelect.Field
                  value={c.origin ?? ''}
                  onChange={(e) =>
                    setConditions({
                      ...c,
                      origin: (APPROVAL_ORIGINS as readonly string[]).includes(e.target.value)
                        ? (e.target.value as ApprovalOrigin)
                        : undefined,
                    })
                  }
                >
                  <option value="">Either</option>
                  {APPROVAL_ORIGINS.map((origin) => (
                    <option key={origin} value={origin}>
                      {capitalised(ORIGIN_LABELS[origin])}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Flex>
          <Stack gap="1" role="group" aria-label={`Rule ${n}: priorities`}>
            <Text textStyle="sm" fontWeight="medium">
              Priorities (none ticked: any priority)
            </Text>
            <Flex gap="3" flexWrap="wrap">
              {APPROVAL_PRIORITIES.map((p) => (
                <Checkbox.Root
                  key={p}
                  checked={(c.priorities ?? []).includes(p)}
                  onCheckedChange={(details) => togglePriority(p, details.checked === true)}
                >
                  <Checkbox.HiddenInput aria-label={`Rule ${n}: priority ${p}`} />
                  <Checkbox.Control />
                  <Checkbox.Label>{p}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Flex>
          </Stack>
          <Stack gap="1" role="group" aria-label={`Rule ${n}: vendors`}>
            <Text textStyle="sm" fontWeight="medium">
              Vendors (none chosen: any vendor)
            </Text>
            <Flex gap="2" flexWrap="wrap" align="center">
              {chosenVendors.map((ref) => (
                <Button
                  key={ref}
                  size="xs"
                  variant="subtle"
                  aria-label={`Rule ${n}: remove vendor ${vendorName(ref)}`}
                  onClick={() => {
                    const rest = chosenVendors.filter((r) => r !== ref);
                    setConditions({ ...c, vendorRefs: rest.length ? rest : undefined });
                  }}
                >
                  {vendorName(ref)} ✕
                </Button>
              ))}
              <NativeSelect.Root size="sm" width="auto" maxW="100%">
                <NativeSelect.Field
                  aria-label={`Rule ${n}: add a vendor`}
                  value=""
                  onChange={(e) => {
                    if (e.target.value && chosenVendors.length < POLICY_LIMITS.vendors)
                      setConditions({ ...c, vendorRefs: [...chosenVendors, e.target.value] });
                  }}
                >
                  <option value="">{vendors.length ? 'Add a vendor…' : 'No vendors known yet'}</option>
                  {vendors
                    .filter((v) => !chosenVendors.includes(v.ref))
                    .map((v) => (
                      <option key={v.ref} value={v.ref}>
                        {v.name}
                      </option>
                    ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Flex>
          </Stack>
        </Stack>
      )}
      {rule.steps.map((step, i) => (
        <StepEditor
          key={i}
          label={`Rule ${n}, step ${i + 1}`}
          step={step}
          people={people}
          onChange={(next) => setStep(i, next)}
          onRemove={
            rule.steps.length > 1
              ? () => setRule({ ...rule, steps: rule.steps.filter((_, j) => j !== i) })
              : undefined
          }
        />
      ))}
      <HStack>
        <Button
          size="xs"
          variant="outline"
          disabled={rule.steps.length >= POLICY_LIMITS.steps}
          onClick={() =>
            setRule({
              ...rule,
              steps: [...rule.steps, { mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] }],
            })
          }
        >
          Add step to rule {n}
        </Button>
      </HStack>
    </Stack>
  );
}

function StepEditor({
  label,
  step,
  people,
  onChange,
  onRemove,
}: {
  label: string;
  step: PolicyStep;
  people: UserRef[];
  onChange: (step: PolicyStep) => void;
  onRemove: (() => void) | undefined;
}) {
  const has = (approver: PolicyApprover) =>
    step.approvers.some((a) => approverKey(a) === approverKey(approver));
  const toggle = (approver: PolicyApprover, on: boolean) =>
    onChange({
      ...step,
      approvers: on
        ? [...step.approvers, approver]
        : step.approvers.filter((a) => approverKey(a) !== approverKey(approver)),
    });
  const users = step.approvers.filter((a) => a.kind === 'user');
  return (
    <Stack gap="2" pl="3" borderLeftWidth="3px" borderColor="blue.muted" role="group" aria-label={label}>
      <Flex gap="3" align="end" flexWrap="wrap">
        <FormField label={`${label}: who must approve`}>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              value={step.mode}
              onChange={(e) => onChange({ ...step, mode: e.target.value === 'ALL' ? 'ALL' : 'ANY' })}
            >
              <option value="ANY">Any one of them</option>
              <option value="ALL">All of them</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {onRemove && (
          // 'Remove step' fits beside the select at 390 px; the accessible name starts with the visible
          // words (speech users say what they see) and goes on to say which step it removes.
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={onRemove}
            aria-label={`Remove step (${label.toLowerCase()})`}
          >
            Remove step
          </Button>
        )}
      </Flex>
      <Flex gap="3" flexWrap="wrap">
        {GROUPS.map((group) => (
          <Checkbox.Root
            key={group.label}
            checked={has(group.approver)}
            onCheckedChange={(details) => toggle(group.approver, details.checked === true)}
          >
            <Checkbox.HiddenInput aria-label={`${label}: ${group.label}`} />
            <Checkbox.Control />
            <Checkbox.Label>{group.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Flex>
      <Flex gap="2" flexWrap="wrap" align="center">
        {users.map((a) => {
          const person = people.find((p) => a.kind === 'user' && p.id === a.userId);
          return (
            <Button key={approverKey(a)} size="xs" variant="subtle" onClick={() => toggle(a, false)}>
              {person ? personName(person) : approverKey(a)} ✕
            </Button>
          );
        })}
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={`${label}: add a person`}
            value=""
            onChange={(e) => {
              const id = Number(e.target.value);
              if (id) toggle({ kind: 'user', userId: id }, true);
            }}
          >
            <option value="">Add a person…</option>
            {people
              .filter((p) => !has({ kind: 'user', userId: p.id }))
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {personName(p)} ({p.role})
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
    </Stack>
  );
}

/** 'Try a bill': the rule a bill would match under the draft and who could approve each step now. */
function Simulator({
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
        await api.post<PolicySimulation>(`/api/company/companies/${companyId}/approval-policy/simulate`, {
          amount: amountOf(amount) ?? 0,
          ...(vendorRef.trim() ? { vendorRef: vendorRef.trim() } : {}),
          priority,
          origin,
          definition: draft,
        }),
      );
    } catch (failure) {
      notifyError(errorMessage(failure, 'The bill could not be tried'));
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
