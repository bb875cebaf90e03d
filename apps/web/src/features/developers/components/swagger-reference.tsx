import { useEffect, useRef } from 'react';
import SwaggerUI from 'swagger-ui';
import 'swagger-ui/dist/swagger-ui.css';

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
      validatorUrl: 'none',
      deepLinking: false,
      // The key a developer pastes under "Authorize" lives in this page only.
      persistAuthorization: false,
      docExpansion: 'none',
      defaultModelsExpandDepth: -1,
      filter: true,
      tryItOutEnabled: false,
    });
    const node = host.current;
    return () => {
      node.replaceChildren();
    };
  }, [url]);
  return <div ref={host} data-testid="api-reference" />;
}
