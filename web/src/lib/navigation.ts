/** Lets non-React code (the API client) navigate through the router once the app has mounted. */
type NavigateFn = (path: string) => void;

let navigateFn: NavigateFn = (path) => window.location.assign(path);

export function setNavigator(fn: NavigateFn): void {
  navigateFn = fn;
}

export function navigateTo(path: string): void {
  navigateFn(path);
}
