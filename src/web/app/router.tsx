import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type HydrationState, type LoaderFunction, type RouteObject } from 'react-router';
import { appRoutes, isGuarded, routePaths, type AppRoute, type AppRouteId } from '../../shared/routes';
import { RouteErrorPage } from './errors/route-error-page';
import { RequireAuth } from './guards';
import { RootLayout } from './layout/root-layout';
import { LazyScreen } from './lazy-screen';
import { catalogueIsPublic } from './public-catalogue';
import { routeLoader } from './route-loaders';
import { NotFoundScreen, screens } from './screen-registry';

function loadingTextFor(route: AppRoute, publicCatalogue: boolean): string {
  return isGuarded(route, publicCatalogue) ? 'Loading protected content...' : 'Loading...';
}

/** Each screen's loader, or undefined for a screen that has none. */
export type LoaderOf = (id: AppRouteId) => LoaderFunction | undefined;

/** One route object per path and alias, all rendering the route's screen, whose requests its loader starts. */
function routeObjectsFor(loaderOf: LoaderOf, publicCatalogue: boolean, route: AppRoute & { id: AppRouteId }): RouteObject[] {
  const screen = screens[route.id];
  const loader = loaderOf(route.id);
  return routePaths(route).map((path) => ({
    path,
    loader,
    element: <LazyScreen key={route.id} screen={screen} title={route.title} loadingText={loadingTextFor(route, publicCatalogue)} />,
  }));
}

const notFoundRoute: RouteObject = {
  path: '*',
  element: <LazyScreen key="not-found" screen={NotFoundScreen} title="Page not found" loadingText="Loading not found page..." />,
};

/**
 * The app's routes. The browser's router and the server's renderer build the same tree, so
 * the route ids in a server-rendered page's state are the browser's too.
 */
export function routesFor(loaderOf: LoaderOf, publicCatalogue: boolean): RouteObject[] {
  const guarded = (route: AppRoute) => isGuarded(route, publicCatalogue);
  const routeObjects = (route: AppRoute & { id: AppRouteId }) => routeObjectsFor(loaderOf, publicCatalogue, route);
  const openRoutes = appRoutes.filter((route) => !guarded(route));
  const guardedRoutes = appRoutes.filter(guarded);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        ...openRoutes.flatMap(routeObjects),
        {
          element: (
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          ),
          children: guardedRoutes.flatMap(routeObjects),
        },
        notFoundRoute,
      ],
    },
  ];
}

export function createAppRouter(client: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(
    routesFor((id) => routeLoader(client, id), catalogueIsPublic()),
    { hydrationData },
  );
}
