import { useEffect, useRef } from 'react';
// The full bundle (its own React inside): the package's module build imports `createRoot` from
// `react-dom`, which React 19 moved to `react-dom/client`.
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import './swagger-reference.css';

/**
 * Swagger UI over the API's own OpenAPI document (decision 0035). Its own module, loaded only
 * by the reference screen: the library stays out of every other screen's code. It runs under the
 * app's CSP as it is: bundled with the app (script-src 'self'), no inline script, requests to
 * the same origin (connect-src 'self'); the validator badge, which would call a foreign host,
 * is off.
 */
export default function SwaggerReference({ url }: { url: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    SwaggerUI({
      domNode: host.current,
      url,
      validatorUrl: null,
      deepLinking: false,
      // The key a developer pastes under "Authorize" lives in this page only.
      persistAuthorization: false,
      docExpansion: 'list',
      defaultModelsExpandDepth: -1,
      filter: true,
      tryItOutEnabled: false,
    });
    const node = host.current;
    return () => {
      node.replaceChildren();
    };
  }, [url]);
  return <div ref={host} className="api-reference" data-testid="api-reference" />;
}
