import { Avatar } from 'shared-ui/display';
import { initials } from '../manager-format';

/** Initials in a circle; decorative (the name is always written beside it). */
export function ManagerAvatar({
  person,
  size = 'sm',
}: {
  person: { firstName?: string | null; lastName?: string | null; email: string };
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Avatar.Root size={size} colorPalette="blue" variant="subtle" aria-hidden="true" flexShrink={0}>
      <Avatar.Fallback>{initials(person)}</Avatar.Fallback>
    </Avatar.Root>
  );
}
