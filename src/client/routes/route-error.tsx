import { House, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonClass } from '../components/ui/button';
import { cn } from '../components/ui/cn';

/**
 * Shown when a route fails to load or render. Inside the layout it fills <main>; `standalone` is for
 * when the layout itself failed, so it brings its own landmark.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const Wrapper = standalone ? 'main' : 'section';
  return (
    <Wrapper
      className={cn(
        'mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:px-6',
        standalone && 'min-h-dvh',
      )}
    >
      <h1 className="text-4xl font-semibold">{notFound ? t('notFound.title') : t('routeError.title')}</h1>
      <p className="mt-4 max-w-lg text-lg text-ink-700">
        {notFound ? t('notFound.body') : t('routeError.body')}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!notFound && (
          <Button size="lg" onClick={() => window.location.reload()}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('routeError.retry')}
          </Button>
        )}
        {/* A full page load: after an error the router's state may be what is broken. */}
        <a href="/" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          <House aria-hidden="true" className="size-5" />
          {t('routeError.home')}
        </a>
      </div>
    </Wrapper>
  );
}
