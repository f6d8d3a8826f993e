import { useMemo, useState } from 'react';
import useSWR, { mutate } from 'swr';
import { api, errorMessage, useHasRole } from 'shared-auth';
import {
  APPROVAL_ORIGINS,
  APPROVAL_PRIORITIES,
  ORIGIN_LABELS,
  approverKey,
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
  const [draft, setDraft] = useState<PolicyDefinition | null>(null);
  const data = policy.data;
  return (
    <SectionCard
      title="Approval policy"
      description={data ? (data.version === 0 ? 'Default policy' : `Version ${data.version}`) : undefined}
      actions={
        canEdit && data && !draft ? (
          <Button size="sm" variant="outline" onClick={() => setDraft(structuredClone(data.definition))}>
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

function PolicyEditor({
  companyId,
  draft,
  onChange,
  onDone,
}: {
  companyId: number;
  draft: PolicyDefinition;
  onChange: (next: PolicyDefinition) => void;
  onDone: () => void;
}) {
  const staff = useStaffOptions();
  const people = useMemo(() => staff.data?.data ?? [], [staff.data]);
  const nameOf = (id: number) => {
    const person = people.find((p) => p.id === id);
    return person ? personName(person) : `user #${id}`;
  };
  const problems = policyProblems(draft);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const setRule = (index: number, rule: PolicyRule) =>
    onChange({ rules: draft.rules.map((r, i) => (i === index ? rule : r)) });
  const addRule = () =>
    onChange({
      rules: [
        ...draft.rules.slice(0, -1),
        {
          conditions: { minAmount: 0 },
          steps: [{ mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] }],
        },
        draft.rules[draft.rules.length - 1]!,
      ],
    });

  async function save() {
    setSaving(true);
    setServerError(null);
    try {
      await api.put<ApprovalPolicy>(`/api/company/companies/${companyId}/approval-policy`, {
        definition: draft,
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

  return (
    <Stack gap="5">
      <Stack gap="1" aria-live="polite">
        <Text fontWeight="semibold">Summary</Text>
        <Stack as="ul" gap="1" m="0" pl="5" data-testid="policy-summary">
          {policySummary(draft, nameOf).map((line, i) => (
            <Text as="li" key={`${i}-${line}`}>
              {line}
            </Text>
          ))}
        </Stack>
      </Stack>
      {draft.rules.map((rule, index) => (
        <RuleEditor
          key={index}
          index={index}
          rule={rule}
          isLast={index === draft.rules.length - 1}
          people={people}
          onChange={(next) => setRule(index, next)}
          onRemove={() => onChange({ rules: draft.rules.filter((_, i) => i !== index) })}
        />
      ))}
      <HStack>
        <Button size="sm" variant="outline" onClick={addRule}>
          Add rule
        </Button>
      </HStack>
      {(problems.length > 0 || serverError) && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The policy cannot be saved yet</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap="0.5" m="0" pl="4">
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
      <Simulator companyId={companyId} draft={draft} disabled={problems.length > 0} />
    </Stack>
  );
}

function RuleEditor({
  index,
  rule,
  isLast,
  people,
  onChange,
  onRemove,
}: {
  index: number;
  rule: PolicyRule;
  isLast: boolean;
  people: UserRef[];
  onChange: (rule: PolicyRule) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const c = rule.conditions;
  const setConditions = (next: PolicyRule['conditions']) => {
    const clean = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
    onChange({ ...rule, conditions: clean });
  };
  const setStep = (i: number, step: PolicyStep) =>
    onChange({ ...rule, steps: rule.steps.map((s, j) => (j === i ? step : s)) });
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" minW="0" role="group" aria-label={`Rule ${n}`}>
      <Flex justify="space-between" align="center" gap="2" flexWrap="wrap">
        <Text fontWeight="semibold">
          Rule {n}
          {isLast ? ' (every other bill)' : ''}
        </Text>
        {!isLast && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
            Remove rule {n}
          </Button>
        )}
      </Flex>
      {!isLast && (
        <Flex gap="3" flexWrap="wrap">
          <FormField label={`Rule ${n}: bills from ($)`}>
            <Input
              inputMode="decimal"
              defaultValue={c.minAmount ?? ''}
              onChange={(e) => setConditions({ ...c, minAmount: amountOf(e.target.value) })}
            />
          </FormField>
          <FormField label={`Rule ${n}: below ($)`}>
            <Input
              inputMode="decimal"
              defaultValue={c.maxAmount ?? ''}
              onChange={(e) => setConditions({ ...c, maxAmount: amountOf(e.target.value) })}
            />
          </FormField>
          <FormField label={`Rule ${n}: priorities (comma-separated, e.g. URGENT, HIGH)`}>
            <Input
              defaultValue={c.priorities?.join(', ') ?? ''}
              onChange={(e) => {
                const wanted = e.target.value
                  .split(',')
                  .map((p) => p.trim().toUpperCase())
                  .filter((p): p is ApprovalPriority =>
                    (APPROVAL_PRIORITIES as readonly string[]).includes(p),
                  );
                setConditions({ ...c, priorities: wanted.length ? [...new Set(wanted)] : undefined });
              }}
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
          <FormField label={`Rule ${n}: vendor ids (comma-separated)`}>
            <Input
              defaultValue={c.vendorRefs?.join(', ') ?? ''}
              onChange={(e) => {
                const refs = e.target.value
                  .split(',')
                  .map((ref) => ref.trim())
                  .filter(Boolean);
                setConditions({ ...c, vendorRefs: refs.length ? refs : undefined });
              }}
            />
          </FormField>
        </Flex>
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
              ? () => onChange({ ...rule, steps: rule.steps.filter((_, j) => j !== i) })
              : undefined
          }
        />
      ))}
      <HStack>
        <Button
          size="xs"
          variant="outline"
          disabled={rule.steps.length >= 5}
          onClick={() =>
            onChange({
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
    <Stack gap="2" pl="3" borderLeftWidth="3px" borderColor="blue.200" role="group" aria-label={label}>
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
          <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
            Remove {label.toLowerCase()}
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
  disabled,
}: {
  companyId: number;
  draft: PolicyDefinition;
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
        <FormField label="Vendor id">
          <Input value={vendorRef} onChange={(e) => setVendorRef(e.target.value)} />
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
              {step.people.length > 0 ? step.people.join(', ') : 'nobody active can approve it'}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
