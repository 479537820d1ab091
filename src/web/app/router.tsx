import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { appRoutes, isGuarded, routePaths, type AppRoute, type AppRouteId } from '../../shared/routes';
import { RequireAuth } from './guards';
import { RootLayout } from './layout/root-layout';
import { routeLoader } from './route-loaders';
import { LazyScreen } from './lazy-screen';
import { RouteErrorPage } from './errors/route-error-page';
import { catalogueIsPublic } from './public-catalogue';
import { NotFoundScreen, screens } from './screen-registry';

const guarded = (route: AppRoute) => isGuarded(route, catalogueIsPublic());

function loadingTextFor(route: AppRoute): string {
  return guarded(route) ? 'Loading protected content...' : 'Loading...';
}

/** One route object per path and alias, all rendering the route's screen, whose requests its loader starts. */
function routeObjectsFor(client: QueryClient, route: AppRoute & { id: AppRouteId }): RouteObject[] {
  const screen = screens[route.id];
  const loader = routeLoader(client, route.id);
  return routePaths(route).map((path) => ({
    path,
    loader,
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

function routesFor(client: QueryClient): RouteObject[] {
  const openRoutes = appRoutes.filter((route) => !guarded(route));
  const guardedRoutes = appRoutes.filter(guarded);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        ...openRoutes.flatMap((route) => routeObjectsFor(client, route)),
        {
          element: (
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          ),
          children: guardedRoutes.flatMap((route) => routeObjectsFor(client, route)),
        },
        notFoundRoute,
      ],
    },
  ];
}

export function createAppRouter(client: QueryClient) {
  return createBrowserRouter(routesFor(client));
}
