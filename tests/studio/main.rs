//! The studio (`fairyforge serve`) from outside: its page in a real browser. Its API is
//! tested beside the server (`cli/src/serve/tests`), where the tests call the router
//! directly.

mod browser;
