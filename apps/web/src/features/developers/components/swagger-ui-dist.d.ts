// swagger-ui-dist ships no types; the options this app passes (see Swagger UI's configuration docs).
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    url: string;
    validatorUrl?: string | null;
    deepLinking?: boolean;
    persistAuthorization?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    filter?: boolean;
    tryItOutEnabled?: boolean;
  }
  const SwaggerUI: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUI;
}
