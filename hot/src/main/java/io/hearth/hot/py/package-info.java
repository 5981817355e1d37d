/**
 * Python's behaviour as OpenStack Heat (a Python program) shows it in its results and messages, for
 * Jackson values: the one place Hearth reproduces it.
 *
 * <ul>
 *   <li>{@link io.hearth.hot.py.Py}: {@code str()}, {@code repr()}, {@code type().__name__},
 *       truthiness, {@code ==}, {@code in}, ordering and {@code %} of numbers, {@code int()} and
 *       {@code float()} of text and values, Heat's {@code str_to_num}, oslo's {@code bool_from_string},
 *       {@code len()} and string methods, {@code urllib.parse.quote} and {@code re.compile};</li>
 *   <li>{@link io.hearth.hot.py.PyJson}: {@code json.dumps} and {@code json.loads};</li>
 *   <li>{@link io.hearth.hot.py.PyError}: the exceptions Python raises, with Python's messages.</li>
 * </ul>
 *
 * <p>Plain Java and Jackson, like the rest of the module. Expectations in the tests are what CPython 3
 * prints for the same expression.
 */
package io.hearth.hot.py;
