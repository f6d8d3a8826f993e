// Approvals: the entity with its bills, list and detail answers, decisions and their rules, one
// module per idea. The API and the console import them all from here (through the package's index),
// so a move between those modules changes no import.
export * from './approval-errors';
export * from './approval-rules';
export * from './approval-bills';
export * from './approval-entities';
export * from './approval-requests';
export * from './approval-list';
