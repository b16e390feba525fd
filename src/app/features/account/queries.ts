import { queryOptions, useMutation } from '@tanstack/react-query'
import type { LoginRequest, RegisterRequest } from '../../../shared/contract/account'
import { call } from '../../api/http'
import { api } from '../../api/routes'

export const accountKeys = {
  all: ['account'] as const,
  captcha: () => [...accountKeys.all, 'captcha'] as const,
}

/** A captcha is single-use: never cached, never persisted, refetched on demand. */
export const captchaQuery = () =>
  queryOptions({
    queryKey: accountKeys.captcha(),
    queryFn: () => call(api.account.captcha),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  })

export function useLogin() {
  return useMutation({ mutationFn: (req: LoginRequest) => call(api.account.login, req) })
}

export function useRegister() {
  return useMutation({ mutationFn: (req: RegisterRequest) => call(api.account.register, req) })
}
