// Approval policies: who must approve what, in which order (policy-definition.ts says how a policy
// is built), one module per idea. The API and the console import them all from here (through the
// package's index), so a move between those modules changes no import.
export * from './policy-definition';
export * from './policy-rules';
export * from './policy-text';
export * from './policy-chain';
export * from './policy-answers';
export * from './out-of-office';
