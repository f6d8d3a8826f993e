// What other modules use of the activity log: through this service, never through activity.repository.
export {
  entityActivity,
  recentActivity,
  recordActivities,
  recordActivity,
  type ActivityEntry,
} from './activity.repository';
