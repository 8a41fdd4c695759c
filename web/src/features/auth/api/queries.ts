/** The account's signed-in devices as server state, and signing out the others. */
import { useMutation } from '@tanstack/react-query';
import { useApiMutation } from '@/lib/mutation';
import { queryClient, useAppQuery } from '@/lib/query';
import { setToken, setTokens } from '@/lib/storage';
import { changePassword, devices, signOutOthers, type Device } from './auth';

export const devicesKey = ['auth', 'devices'] as const;

export const useDevices = () => useAppQuery({ queryKey: devicesKey, queryFn: async () => (await devices()).devices });

/**
 * Every other device signed out: this one keeps its place with the new access token the answer
 * carries (the old one belongs to the ended session), and only this device stays in the list.
 */
export const useSignOutOthers = () =>
  useMutation(
    {
      mutationFn: signOutOthers,
      onSuccess: (res) => {
        setToken(res.access);
        queryClient.setQueryData<Device[]>(devicesKey, (list) => list?.filter((d) => d.current));
      },
    },
    queryClient,
  );

/** The password changed: the answer's new tokens are kept, and the other devices, signed out, leave the list. */
export const useChangePassword = (fallback: string) =>
  useApiMutation({
    mutationFn: (v: { old_password: string; new_password: string; new_password_confirm: string }) => changePassword(v.old_password, v.new_password, v.new_password_confirm),
    onSuccess: (res) => {
      setTokens(res.access, res.refresh);
      void queryClient.invalidateQueries({ queryKey: devicesKey });
    },
    fallback,
  });
