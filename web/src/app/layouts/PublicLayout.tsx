import { Outlet } from 'react-router';
import { SkipLink } from '@/components/SkipLink';
import { Footer } from './Footer';
import { Header } from './Header';

export function PublicLayout() {
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
