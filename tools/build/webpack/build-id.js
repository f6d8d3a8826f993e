/**
 * A new build id, e.g. 20261125-163012-9f3a: UTC time (so ids sort by age) and a random suffix (two
 * builds in one second). It names a release's folder and is the manifest's buildVersion.
 */
export function newBuildId(date = new Date()) {
  const stamp = date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${Math.random().toString(16).slice(2, 6).padEnd(4, '0')}`;
}
