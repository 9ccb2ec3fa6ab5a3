import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

export function Component() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="conteudo" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
