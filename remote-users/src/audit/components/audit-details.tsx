// One audit entry in full: the action in words and its code, who, when, on what, the whole
// description and every recorded detail, from the row's Details button.
import { useState } from 'react';
import { auditActionLabel, type AuditEntry } from 'shared-contracts';
import { Button, CloseButton, DetailList, DetailRow, Portal, Text } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { FALLBACK, formatDateLong } from 'shared-ui/format';
import { entityLabel } from '../audit-text';

/** A recorded detail as text: strings as they are, the rest as JSON. */
const detailText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The row's Details button and its dialog. */
export function AuditDetailsButton({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const details = Object.entries(entry.details ?? {});
  return (
    <>
      <Button size="xs" variant="ghost" onClick={() => setOpen(true)}>
        Details
      </Button>
      <Dialog.Root
        open={open}
        lazyMount
        unmountOnExit
        placement="center"
        size={{ base: 'full', md: 'lg' }}
        onOpenChange={(next) => setOpen(next.open)}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px={{ base: '0', md: '4' }}>
            <Dialog.Content data-testid="audit-details">
              <Dialog.Header>
                <Dialog.Title>{auditActionLabel(entry.action)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
              <Dialog.Body>
                <DetailList stacked>
                  <DetailRow label="Time">{formatDateLong(entry.createdAt)}</DetailRow>
                  <DetailRow label="Person">{entry.userName ?? FALLBACK}</DetailRow>
                  <DetailRow label="Action code">
                    <Text as="span" fontFamily="mono" fontSize="sm" data-testid="audit-action-code">
                      {entry.action}
                    </Text>
                  </DetailRow>
                  <DetailRow label="Entity">
                    {entityLabel(entry.entityType, entry.entityId) ?? FALLBACK}
                  </DetailRow>
                  <DetailRow label="Description">{entry.description}</DetailRow>
                  {details.map(([key, value]) => (
                    <DetailRow key={key} label={key}>
                      <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-word">
                        {detailText(value)}
                      </Text>
                    </DetailRow>
                  ))}
                </DetailList>
              </Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
