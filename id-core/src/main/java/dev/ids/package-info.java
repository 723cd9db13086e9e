/**
 * The contracts shared by every ID scheme: {@link dev.ids.IdGenerator}, the decoded view {@link dev.ids.DecodedId},
 * the scheme registry {@link dev.ids.IdScheme} and the exceptions for invalid input and refused generation.
 */
@NullMarked
package dev.ids;

import org.jspecify.annotations.NullMarked;
