/**
 * DOMException, as browsers and Node have it: an Error whose `name` says what went wrong
 * (InvalidCharacterError, DataCloneError, QuotaExceededError…), with the legacy numeric `code`.
 */
const LEGACY_CODES: Record<string, number> = {
  IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5, NoModificationAllowedError: 7,
  NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11, SyntaxError: 12, InvalidModificationError: 13,
  NamespaceError: 14, InvalidAccessError: 15, TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20,
  URLMismatchError: 21, QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25,
};

export class DOMException extends Error {
  constructor(message: unknown = "", name: unknown = "Error") {
    super(String(message));
    Object.defineProperty(this, "name", { value: String(name), writable: true, configurable: true, enumerable: false });
  }
  get code(): number {
    const code = LEGACY_CODES[this.name];
    return typeof code === "number" ? code : 0;
  }
}
Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: "DOMException", configurable: true });

export function domException(name: string, message: string): DOMException {
  return new DOMException(message, name);
}
