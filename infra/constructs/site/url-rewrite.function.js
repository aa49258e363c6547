// CloudFront Function (cloudfront-js-2.0), associated with the site's default behaviour on both
// viewer request and viewer response. It maps clean URLs onto the prerendered files in S3:
//   /                      -> /index.html
//   /pricing               -> /pricing/index.html          (any public path of the route table)
//   /pricing/              -> 301 /pricing                 (one canonical URL per page)
//   /commandcenter[/...]   -> /commandcenter/index.html    (the staff SPA shell)
//   /commandcenter/x/      -> 301 /commandcenter/x
//   any other path ending in / (//evil.example/, /\evil.example/, /%2F%2Fx/...) -> 404: a redirect
//   only ever names a page of this site, never a Location a browser could read as another host
//   /assets/x.js, /a.txt   -> unchanged                    (anything with a file extension)
//   anything else          -> /404.html, answered with status 404
// The status is set on the viewer response: CloudFront's distribution-wide custom error pages
// would also rewrite the API's own 403 and 404 answers, so they are not used.
// The route table is filled in at synth from web/src/public-paths.ts (see url-rewrite.ts).

const PUBLIC_PATHS = /*__PUBLIC_PATHS__*/ [];
const COMMAND_CENTER = "/commandcenter";
const COMMAND_CENTER_SHELL = "/commandcenter/index.html";
const NOT_FOUND = "/404.html";
// Command Center deep links that may be redirect targets: plain segments only.
const COMMAND_CENTER_LINK = /^\/commandcenter(\/[A-Za-z0-9._~-]+)*$/;

function isPublicPath(uri) {
  for (let i = 0; i < PUBLIC_PATHS.length; i++) {
    if (PUBLIC_PATHS[i] === uri) return true;
  }
  return false;
}

function hasFileExtension(uri) {
  const lastSegment = uri.slice(uri.lastIndexOf("/") + 1);
  return lastSegment.indexOf(".") > 0;
}

// { uri } to fetch, { redirect } to send, or { uri: NOT_FOUND, notFound: true }.
function resolve(uri) {
  if (uri === "/") return { uri: "/index.html" };
  if (hasFileExtension(uri)) return { uri: uri, notFound: uri === NOT_FOUND };
  if (uri.length > 1 && uri.charAt(uri.length - 1) === "/") {
    // A loop: /\/+$/ is quadratic on a long run of slashes that is not at the end.
    let end = uri.length;
    while (end > 0 && uri.charAt(end - 1) === "/") end -= 1;
    const trimmed = end === 0 ? "/" : uri.slice(0, end);
    if (trimmed === "/" || isPublicPath(trimmed) || COMMAND_CENTER_LINK.test(trimmed)) {
      return { redirect: trimmed };
    }
    return { uri: NOT_FOUND, notFound: true };
  }
  if (uri === COMMAND_CENTER || uri.indexOf(`${COMMAND_CENTER}/`) === 0) return { uri: COMMAND_CENTER_SHELL };
  if (isPublicPath(uri)) return { uri: `${uri}/index.html` };
  return { uri: NOT_FOUND, notFound: true };
}

function queryStringOf(querystring) {
  const parts = [];
  for (const name in querystring) {
    const entry = querystring[name];
    const values = entry.multiValue ? entry.multiValue : [entry];
    for (let i = 0; i < values.length; i++) {
      parts.push(values[i].value === "" ? name : `${name}=${values[i].value}`);
    }
  }
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

function onViewerRequest(request) {
  const target = resolve(request.uri);
  if (target.redirect) {
    return {
      statusCode: 301,
      statusDescription: "Moved Permanently",
      headers: { location: { value: target.redirect + queryStringOf(request.querystring || {}) } },
    };
  }
  request.uri = target.uri;
  return request;
}

function onViewerResponse(request, response) {
  // The request seen here may carry the original or the rewritten URI; both classify the same.
  const target = resolve(request.uri);
  const missingObject = response.statusCode === 403 || response.statusCode === 404;
  if (target.notFound || missingObject) {
    response.statusCode = 404;
    response.statusDescription = "Not Found";
  }
  return response;
}

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  if (event.context && event.context.eventType === "viewer-response") {
    return onViewerResponse(event.request, event.response);
  }
  return onViewerRequest(event.request);
}
