import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { appRoutes, routePaths, type AppRoute, type AppRouteId } from '../../shared/routes';
import { RequireAuth } from './guards';
import { RootLayout } from './layout/root-layout';
import { LazyScreen } from './lazy-screen';
import { RouteErrorPage } from './errors/route-error-page';
import { NotFoundScreen, screens } from './screen-registry';

function loadingTextFor(route: AppRoute): string {
  return route.access === 'guarded' ? 'Loading protected content...' : 'Loading...';
}

/** One route object per path and alias, all rendering the route's screen. */
function routeObjectsFor(route: AppRoute & { id: AppRouteId }): RouteObject[] {
  const screen = screens[route.id];
  return routePaths(route).map((path) => ({
    path,
    element: (
      <LazyScreen
        key={route.id}
        screen={screen}
        title={route.title}
        loadingText={loadingTextFor(route)}
      />
    ),
  }));
}

const openRoutes = appRoutes.filter((route) => route.access !== 'guarded');
const guardedRoutes = appRoutes.filter((route) => route.access === 'guarded');

const notFoundRoute: RouteObject = {
  path: '*',
  element: (
    <LazyScreen
      key="not-found"
      screen={NotFoundScreen}
      title="Page not found"
      loadingText="Loading not found page..."
    />
  ),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...openRoutes.flatMap(routeObjectsFor),
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: guardedRoutes.flatMap(routeObjectsFor),
      },
      notFoundRoute,
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
