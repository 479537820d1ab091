import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategorySlug } from '../../shared/categories';
import { makerPagePath } from '../../shared/page-forms';
import type { FavouriteCategories, OnboardingStep, ProfileInput } from '../../shared/profiles';
import { pathOf } from '../../shared/routes';
import { apiGet, apiPut, isApiError } from './api';
import { homeKeys } from './home';
import { schema } from './lazy-schema';
import { memberRoot } from './query-roots';
import { authKeys } from './session';

export const profileKeys = {
  favouriteCategories: [...memberRoot, 'favourite-categories'] as const,
  onboarding: [...memberRoot, 'onboarding'] as const,
  ownProfile: [...memberRoot, 'profile'] as const,
  user: (id: string) => ['users', id] as const,
};

export function favouriteCategoriesQuery() {
  return queryOptions({
    queryKey: profileKeys.favouriteCategories,
    queryFn: ({ signal }) => apiGet('/api/me/favourite-categories', schema('favouriteCategoriesSchema'), signal),
    staleTime: 0,
  });
}

/** Saves the whole choice; the picker changes at once and changes back if the save fails. */
export function useSaveFavouriteCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...memberRoot, 'favourite-categories', 'save'],
    mutationFn: (categories: CategorySlug[]) => apiPut('/api/me/favourite-categories', { categories }, schema('favouriteCategoriesSchema')),
    onMutate: async (categories) => {
      await client.cancelQueries({ queryKey: profileKeys.favouriteCategories });
      const previous = client.getQueryData<FavouriteCategories>(profileKeys.favouriteCategories);
      client.setQueryData<FavouriteCategories>(profileKeys.favouriteCategories, { categories });
      return { previous };
    },
    onError: (_error, _categories, context) => {
      if (context?.previous) client.setQueryData(profileKeys.favouriteCategories, context.previous);
    },
    onSuccess: (saved) => client.setQueryData(profileKeys.favouriteCategories, saved),
    onSettled: () => client.invalidateQueries({ queryKey: homeKeys.all }),
  });
}

export function onboardingQuery() {
  return queryOptions({
    queryKey: profileKeys.onboarding,
    queryFn: ({ signal }) => apiGet('/api/me/onboarding', schema('onboardingStateSchema'), signal),
    staleTime: 0,
  });
}

export function useSaveOnboardingStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: OnboardingStep) => apiPut('/api/me/onboarding', { step }, schema('onboardingStateSchema')),
    onSuccess: (state) => client.setQueryData(profileKeys.onboarding, state),
  });
}

export function ownProfileQuery() {
  return queryOptions({
    queryKey: profileKeys.ownProfile,
    queryFn: ({ signal }) => apiGet('/api/me/profile', schema('ownProfileSchema'), signal),
    staleTime: 0,
  });
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileInput) => apiPut('/api/me/profile', profile, schema('ownProfileSchema')),
    onSuccess: (saved) => {
      client.setQueryData(profileKeys.ownProfile, saved);
      // The header shows the name; the public page shows all of it.
      void client.invalidateQueries({ queryKey: authKeys.me });
      void client.invalidateQueries({ queryKey: profileKeys.user(saved.id) });
    },
  });
}

export function publicProfileQuery(id: string) {
  return queryOptions({
    queryKey: [...profileKeys.user(id), 'profile'] as const,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet(`/api/users/${encodeURIComponent(id)}`, schema('publicProfileSchema'), signal);
      } catch (error) {
        // Nobody by that id: the screen says so kindly.
        if (isApiError(error, 'not-found')) return null;
        throw error;
      }
    },
  });
}

export function profileGamesQuery(id: string, page: number) {
  return queryOptions({
    queryKey: [...profileKeys.user(id), 'games', { page }] as const,
    queryFn: ({ signal }) => apiGet(`/api/users/${encodeURIComponent(id)}/games?page=${page}`, schema('profileGamesPageSchema'), signal),
  });
}

export function profileReviewsQuery(id: string, page: number) {
  return queryOptions({
    queryKey: [...profileKeys.user(id), 'reviews', { page }] as const,
    queryFn: ({ signal }) =>
      apiGet(`/api/users/${encodeURIComponent(id)}/reviews?page=${page}`, schema('profileReviewsPageSchema'), signal),
  });
}

/** Where onboarding ends: the home page's "For you". */
export const forYouHref = `${pathOf('home')}#for-you-title`;

/** A member's profile page: the same address the follow form goes back to. */
export const profileHref = makerPagePath;
