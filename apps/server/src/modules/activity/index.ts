// The activity log's public surface: other modules record what people do through this service.
export type { ActivityAction } from './activity.repository.ts';
export { type ActivityEntry, ActivityService } from './activity.service.ts';
