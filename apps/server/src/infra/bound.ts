/**
 * A use case bound to what it works with: `(deps, ...args) => result` becomes
 * `(...args) => result`. A service is an object of bound use cases, so routes and tests
 * keep calling `service.adjust(input, actor)` while each use case is a named function of
 * its own (`adjustStock(db, input, actor)`) in a file named for it (issue 36).
 */
export function bound<Deps, Args extends unknown[], Result>(
  deps: Deps,
  useCase: (deps: Deps, ...args: Args) => Result,
): (...args: Args) => Result {
  return (...args) => useCase(deps, ...args);
}
