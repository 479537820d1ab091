import { appRoutes, type AppRouteId } from '../../shared/routes';

export function routeTitle(id: AppRouteId): string {
  return appRoutes.find((route) => route.id === id)?.title ?? id;
}
