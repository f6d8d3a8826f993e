import { AnimatePresence, motion } from 'framer-motion';
import { useEffect, useRef } from 'react';
import { SidebarContent } from './sidebar';
import { SIDEBAR_WIDTH } from './sidebar-width';

/**
 * The sidebar on small screens: a dialog sliding in from the left over a backdrop, focused when it
 * opens; Escape or the backdrop closes it (`onClose`), following a link leaves it (`onNavigate`).
 */
export function MobileDrawer({
  open,
  onClose,
  onNavigate,
}: {
  open: boolean;
  onClose: () => void;
  onNavigate: () => void;
}) {
  const drawerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    drawerRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <AnimatePresence>
      {open && (
        <>
          <motion.div
            key="backdrop"
            data-testid="sidebar-backdrop"
            onClick={onClose}
            initial={{ opacity: 0 }}
            animate={{ opacity: 1 }}
            exit={{ opacity: 0 }}
            transition={{ duration: 0.2 }}
            style={{ position: 'fixed', inset: 0, background: 'rgba(15, 23, 42, 0.45)', zIndex: 40 }}
          />
          <motion.div
            key="drawer"
            id="mobile-sidebar"
            ref={drawerRef}
            role="dialog"
            aria-modal="true"
            aria-label="Navigation"
            tabIndex={-1}
            initial={{ x: '-100%' }}
            animate={{ x: 0 }}
            exit={{ x: '-100%' }}
            transition={{ type: 'tween', duration: 0.22 }}
            style={{
              position: 'fixed',
              top: 0,
              bottom: 0,
              left: 0,
              width: SIDEBAR_WIDTH,
              maxWidth: '85vw',
              background: 'var(--chakra-colors-bg)',
              zIndex: 50,
              boxShadow: '0 10px 30px rgba(15, 23, 42, 0.25)',
              outline: 'none',
            }}
          >
            <SidebarContent onNavigate={onNavigate} />
          </motion.div>
        </>
      )}
    </AnimatePresence>
  );
}
