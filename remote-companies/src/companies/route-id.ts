// The rule lives in shared-contracts (SPEC §5), shared by every section's detail and edit pages.
export { parseRouteId } from 'shared-contracts';
