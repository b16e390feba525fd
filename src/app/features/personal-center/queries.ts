import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  UpdatePasswordRequest,
  UpdatePhoneNumberRequest,
  UpdateSecondaryPasswordRequest,
} from '../../../shared/contract/personal-center'
import { call } from '../../api/http'
import { userCenterKeys } from '../../api/user-center'

import { securityQuery } from '../../components/secondary-password'
import { api } from '../../api/routes'

export const personalCenterKeys = {
  all: ['personalCenter'] as const,
}

// The device command hook asks whether a secondary password is set through the same query (one cache entry).
export { securityQuery }

export function usePersonalCenterMutations() {
  const queryClient = useQueryClient()
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: personalCenterKeys.all })
    // The shell shows the user's info (phone number included) from this key.
    await queryClient.invalidateQueries({ queryKey: userCenterKeys.info() })
  }
  return {
    updatePassword: useMutation({ mutationFn: (req: UpdatePasswordRequest) => call(api.personalCenter.updatePassword, req) }),
    updateSecondaryPassword: useMutation({
      mutationFn: (req: UpdateSecondaryPasswordRequest) => call(api.personalCenter.updateSecondaryPassword, req),
      onSuccess: refresh,
    }),
    sendCode: useMutation({ mutationFn: (phoneNumber: string) => call(api.personalCenter.sendCode, { phoneNumber }) }),
    updatePhoneNumber: useMutation({ mutationFn: (req: UpdatePhoneNumberRequest) => call(api.personalCenter.updatePhoneNumber, req), onSuccess: refresh }),
  }
}
