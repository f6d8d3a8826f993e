// The rules and steps of the approval policy editor.
import {
  APPROVAL_ORIGINS,
  APPROVAL_PRIORITIES,
  ORIGIN_LABELS,
  POLICY_LIMITS,
  adminOnlyStep,
  approverKey,
  type ApprovalOrigin,
  type ApprovalPriority,
  type PolicyApprover,
  type PolicyRule,
  type PolicyStep,
  type UserRef,
} from 'shared-contracts';
import { Button, Flex, FormField, HStack, Input, Stack, Text } from 'shared-ui';
import { Checkbox, NativeSelect, PersonSelect, personName, staffLabel } from 'shared-ui/form';
import { amountOf, capitalised, GROUPS, type DraftRule, type VendorChoice } from './policy-draft';

/** One rule: its conditions (all but the last rule's) and its steps. */
export function RuleEditor({
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
  const setRule = (next: PolicyRule) => onChange({ ...entry, rule: next });
  const setConditions: SetConditions = (next, texts = {}) => {
    const clean = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
    onChange({ ...entry, ...texts, rule: { ...rule, conditions: clean } });
  };
  const setStep = (i: number, step: PolicyStep) =>
    setRule({ ...rule, steps: rule.steps.map((s, j) => (j === i ? step : s)) });
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
        <RuleConditionsEditor
          n={n}
          entry={entry}
          vendors={vendors}
          vendorName={vendorName}
          setConditions={setConditions}
        />
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
              steps: [...rule.steps, adminOnlyStep()],
            })
          }
        >
          Add step to rule {n}
        </Button>
      </HStack>
    </Stack>
  );
}

type SetConditions = (next: PolicyRule['conditions'], texts?: Partial<DraftRule>) => void;

/** When a rule applies (every rule but the last): amounts, origin, priorities and vendors. */
function RuleConditionsEditor({
  n,
  entry,
  vendors,
  vendorName,
  setConditions,
}: {
  n: number;
  entry: DraftRule;
  vendors: VendorChoice[];
  vendorName: (ref: string) => string;
  setConditions: SetConditions;
}) {
  const c = entry.rule.conditions;
  const togglePriority = (priority: ApprovalPriority, on: boolean) => {
    const next = APPROVAL_PRIORITIES.filter((p) => (p === priority ? on : (c.priorities ?? []).includes(p)));
    setConditions({ ...c, priorities: next.length ? next : undefined });
  };
  const chosenVendors = c.vendorRefs ?? [];
  return (
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
  );
}

/** One step: any one or all of the approvers it names (groups and people). */
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
        <PersonSelect
          size="sm"
          width="auto"
          aria-label={`${label}: add a person`}
          none="Add a person…"
          people={people.filter((p) => !has({ kind: 'user', userId: p.id }))}
          keepOrder
          optionLabel={staffLabel}
          value=""
          onChange={(e) => {
            const id = Number(e.target.value);
            if (id) toggle({ kind: 'user', userId: id }, true);
          }}
        />
      </Flex>
    </Stack>
  );
}
