// The API's layer rules (eslint.config.js, import-x/no-restricted-paths) fail on a deliberate
// violation: each case lints one import as if written in a file of that layer, with the
// workspace's own config, and expects the rule to name it; a lawful import passes.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The no-restricted-paths messages of `code` linted as the file at `path`. */
async function layerErrors(path, code) {
  const [result] = await eslint.lintText(`${code}\nexport const touched = imported;\n`, {
    filePath: join(ROOT, path),
  });
  return result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths');
}

const cases = [
  [
    'a module imports a module above it (users → approvals)',
    'api/src/modules/users/fixture.ts',
    "import { approvalChain as imported } from '../approvals/approval-policy.service';",
    /sits below these modules/,
  ],
  [
    'a module reads another module’s repository',
    'api/src/modules/quickbooks/fixture.ts',
    "import { findPaymentSettings as imported } from '../payments/payment-accounts.repository';",
    /never its repository/,
  ],
  [
    'a flow reads a repository',
    'api/src/flows/fixture.ts',
    "import { findApprovalRow as imported } from '../modules/approvals/approvals.repository';",
    /never their repositories/,
  ],
  [
    'a service calls a flow',
    'api/src/modules/approvals/fixture.service.ts',
    "import { approve as imported } from '../../flows/approve-and-pay';",
    /never calls a flow/,
  ],
  [
    'a plugin imports a module',
    'api/src/plugins/fixture.ts',
    "import { getApproval as imported } from '../modules/approvals/approvals.service';",
    /below every module/,
  ],
  [
    'the database layer imports a flow',
    'api/src/db/fixture.ts',
    "import { approve as imported } from '../flows/approve-and-pay';",
    /below every module/,
  ],
];

for (const [name, path, code, message] of cases) {
  test(`refuses: ${name}`, async () => {
    const errors = await layerErrors(path, code);
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.match(errors[0].message, message);
  });
}

test('allows a module to use a lower module’s service, and a route to call a flow', async () => {
  assert.deepEqual(
    await layerErrors(
      'api/src/modules/approvals/fixture.ts',
      "import { findUserById as imported } from '../users/users.service';",
    ),
    [],
  );
  assert.deepEqual(
    await layerErrors(
      'api/src/modules/approvals/fixture.routes.ts',
      "import { approve as imported } from '../../flows/approve-and-pay';",
    ),
    [],
  );
});
