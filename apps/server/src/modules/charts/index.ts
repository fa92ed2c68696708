// The charts' public surface: top albums and top songs from community ratings.

export { chartsRoutes } from './charts.routes.ts';
export { ChartsService } from './charts.service.ts';
