// What a signed-in console runs beside its pages, each fetched only after sign-in: the notice area,
// the live event stream, the idle watch and the go-to keys.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { preloadNotices } from 'shared-ui';
import { loadIdleWatch, startLiveEvents, type IdleWarning } from 'shared-auth';

/** Starts the signed-in console's services; the idle warning to show, when one is due. */
export function useSignedInServices(): IdleWarning | null {
  const navigate = useNavigate();
  const [idleWarning, setIdleWarning] = useState<IdleWarning | null>(null);
  // The notice area is not part of the sign-in page's JavaScript: fetch it now the user is signed in.
  useEffect(preloadNotices, []);

  // This tab's live event stream, for as long as someone is signed in (the layout leaves on
  // sign-out); its connection code is fetched only now, never by the sign-in page.
  useEffect(() => startLiveEvents(), []);
  // An unused console signs itself out after the server's idle limit instead of refreshing forever;
  // the watch's code, too, is fetched only now.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    loadIdleWatch()
      .then(({ watchIdle }) => {
        if (!left) stop = watchIdle(setIdleWarning);
      })
      // Without the watch the console works as before; the server's idle limit still applies.
      .catch(() => {});
    return () => {
      left = true;
      stop?.();
    };
  }, []);
  // 'g, then d/c/u/m/a' goes to a section from any signed-in page. The keys' code (tinykeys and the
  // rule that leaves typing alone) is fetched after the layout has painted, never by the sign-in page.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import('shared-ui/keyboard').then(({ bindGoToShortcuts }) => {
      if (!left) stop = bindGoToShortcuts((path) => navigate(path));
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [navigate]);
  return idleWarning;
}
