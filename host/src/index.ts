// An async boundary lets Module Federation negotiate the shared singletons before any of them runs.
//
// The shared packages are then evaluated one per task, with a pause between them in which the browser
// can paint and answer input: evaluated together they were one task of several hundred milliseconds
// on a phone (Lighthouse's Total Blocking Time). Their files are requested together up front, so the
// stages add no network round trip.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const stages = [
    () => import('react-dom/client'),
    () => import('react-router-dom'),
    () => import('shared-auth'),
    () => import('shared-ui'),
  ];
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
  await import('./bootstrap');
}

void start();
