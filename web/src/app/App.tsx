import { Provider } from 'jotai';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigator } from '@/lib/navigation';
import { appStore } from '@/lib/state';
import { createAppRouter } from './router';

export function App() {
  const router = useMemo(() => {
    const r = createAppRouter();
    setNavigator((path) => void r.navigate(path));
    return r;
  }, []);
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}
