/** The account's signed-in devices as server state, and signing out the others. */
import { useMutation } from '@tanstack/react-query';
import { queryClient, useAppQuery } from '@/lib/query';
import { setToken } from '@/lib/storage';
import { devices, signOutOthers, type Device } from './auth';

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
