import { expect, test } from '../fixtures';

// What the browser really receives: every script, style and page arrives compressed
// from the build's precompressed copies, content-hashed chunks are cached for good, and the files
// that name other files are revalidated.

test.use({ storageState: { cookies: [], origins: [] } });

test('the sign-in page and a section arrive Brotli-compressed, cached by the rules', async ({ page }) => {
  const seen: Array<{ path: string; encoding?: string; vary?: string; cache?: string; type: string }> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.request().resourceType();
    if (url.pathname.startsWith('/api/') || !['script', 'document', 'stylesheet', 'fetch'].includes(type))
      return;
    const headers = response.headers();
    seen.push({
      path: url.pathname,
      encoding: headers['content-encoding'],
      vary: headers.vary,
      cache: headers['cache-control'],
      type,
    });
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // A remote's files too: its standalone page loads its entry and chunks the way the host does.
  await page.goto('/remotes/companies/');
  await expect(
    page
      .getByRole('button', { name: 'Sign in' })
      .or(page.getByRole('heading', { level: 1 }))
      .first(),
  ).toBeVisible();

  const scripts = seen.filter((entry) => entry.type === 'script');
  expect(scripts.length).toBeGreaterThan(2);
  expect(scripts.some((entry) => entry.path.startsWith('/remotes/companies/'))).toBe(true);
  // The pages too: the host's and the remote's standalone page (each carries the global styles).
  const pages = seen.filter((e) => e.type === 'document');
  expect(pages.map((e) => e.path)).toEqual(['/login', '/remotes/companies/']);
  for (const entry of [...scripts, ...pages]) {
    expect(entry.encoding, entry.path).toBe('br');
    expect(entry.vary ?? '', entry.path).toMatch(/accept-encoding/i);
  }
  for (const entry of scripts) {
    const file = entry.path.split('/').pop()!;
    if (/\.[0-9a-f]{16,}\.js$/.test(file))
      expect(entry.cache, entry.path).toBe('public, max-age=31536000, immutable');
    if (file === 'remoteEntry.js' || file === 'main.js')
      expect(entry.cache, entry.path).not.toContain('immutable');
  }
  for (const entry of seen.filter((e) => e.type === 'document'))
    expect(entry.cache, entry.path).toBe('no-cache');
  // remotes.json names the sections' entries: revalidated on every load.
  const remotes = seen.find((entry) => entry.path === '/remotes.json');
  if (remotes) expect(remotes.cache).toBe('no-cache');
});
