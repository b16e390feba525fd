import { queryOptions, useMutation } from '@tanstack/react-query'
import type { CaptchaResponse, LoginRequest, LoginResponse, RegisterRequest } from '../../../shared/contract/account'
import { api } from '../../api/http'

export const accountKeys = {
  all: ['account'] as const,
  captcha: () => [...accountKeys.all, 'captcha'] as const,
}

/** A captcha is single-use: never cached, never persisted, refetched on demand. */
export const captchaQuery = () =>
  queryOptions({
    queryKey: accountKeys.captcha(),
    queryFn: () => api.get<CaptchaResponse>('/captcha'),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  })

export function useLogin() {
  return useMutation({ mutationFn: (req: LoginRequest) => api.post<LoginResponse>('/login', req) })
}

export function useRegister() {
  return useMutation({ mutationFn: (req: RegisterRequest) => api.post<string>('/register', req) })
}
