// The rule lives in shared-contracts, shared by every section's detail and edit pages.
export { parseRouteId } from 'shared-contracts';
