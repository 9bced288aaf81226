// The wrappers are inline in include/ccurl.h; a C target needs one source file.
#include "ccurl.h"
