import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailTestResult } from '../../../domain/api/email.ts';
import type { GoLiveChecklist, GoLiveChoiceInput } from '../../../domain/go-live.ts';
import type { OwnerTextsInput, OwnerTextsRecord } from '../../../domain/owner-texts.ts';
import type { PropertyFactsInput, PropertyFactsResponse } from '../../../domain/property-facts.ts';
import { apiRequest } from '../../lib/api.ts';
import { auditQuery } from './admin-api.ts';

/* The Property and Texts tabs and the go-live checklist: reads keyed ['admin', resource] (lib/api.ts). */

export const propertyFactsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'property-facts'],
    queryFn: () => apiRequest<PropertyFactsResponse>('GET', '/api/admin/property-facts'),
  });

export const ownerTextsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'texts'],
    queryFn: () => apiRequest<OwnerTextsRecord>('GET', '/api/admin/texts'),
  });

export const goLiveQuery = () =>
  queryOptions({
    queryKey: ['admin', 'go-live'],
    queryFn: () => apiRequest<GoLiveChecklist>('GET', '/api/admin/go-live'),
  });

export const usePropertyFacts = () => useQuery(propertyFactsQuery());
export const useOwnerTexts = () => useQuery(ownerTextsQuery());
export const useGoLive = () => useQuery(goLiveQuery());

/** After a change: what it changed, the checklist that may turn green, and the activity list. */
function useRefetch(...keys: (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [...keys, goLiveQuery().queryKey, auditQuery().queryKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSavePropertyFacts() {
  const refetch = useRefetch(propertyFactsQuery().queryKey);
  return useMutation({
    mutationFn: (facts: PropertyFactsInput) =>
      apiRequest<PropertyFactsResponse>('PUT', '/api/admin/property-facts', facts),
    onSettled: refetch,
  });
}

export function useSaveOwnerTexts() {
  const refetch = useRefetch(ownerTextsQuery().queryKey);
  return useMutation({
    mutationFn: (texts: OwnerTextsInput) => apiRequest<OwnerTextsRecord>('PUT', '/api/admin/texts', texts),
    onSettled: refetch,
  });
}

export function useResetOwnerTexts() {
  const refetch = useRefetch(ownerTextsQuery().queryKey);
  return useMutation({
    mutationFn: () => apiRequest<OwnerTextsRecord>('DELETE', '/api/admin/texts'),
    onSettled: refetch,
  });
}

export function useGoLiveChoice() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (input: GoLiveChoiceInput) =>
      apiRequest<GoLiveChecklist>('POST', '/api/admin/go-live/choice', input),
    onSettled: refetch,
  });
}

export function useSendTestEmail() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: () => apiRequest<EmailTestResult>('POST', '/api/admin/email/test-message'),
    onSettled: refetch,
  });
}
