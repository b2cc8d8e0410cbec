// GTK 4 for Swift: the headers (through pkg-config gtk4), plus what Swift cannot call
// directly: `g_signal_connect` is a macro over a function that takes an untyped callback,
// and the GObject casts (GTK_WIDGET(…)) are macros too. Each helper below is one typed
// signature for one kind of signal, so the Swift side passes plain C function pointers.
#include <gtk/gtk.h>

/// "drag-begin", "drag-update" and "drag-end" of a GtkGestureDrag: (x, y) or the offset.
static inline gulong dance_connect_drag(
    GtkGesture *gesture, const char *signal,
    void (*handler)(GtkGestureDrag *, double, double, gpointer), gpointer data) {
  return g_signal_connect_data(gesture, signal, G_CALLBACK(handler), data, NULL, 0);
}

/// "key-pressed" of a GtkEventControllerKey.
static inline gulong dance_connect_key_pressed(
    GtkEventController *controller,
    gboolean (*handler)(GtkEventControllerKey *, guint, guint, GdkModifierType, gpointer),
    gpointer data) {
  return g_signal_connect_data(controller, "key-pressed", G_CALLBACK(handler), data, NULL, 0);
}

/// "close-request" of a GtkWindow.
static inline gulong dance_connect_close_request(
    GtkWindow *window, gboolean (*handler)(GtkWindow *, gpointer), gpointer data) {
  return g_signal_connect_data(window, "close-request", G_CALLBACK(handler), data, NULL, 0);
}

/// The user's "gtk-enable-animations" setting (GtkSettings; false when they asked for
/// reduced motion). `g_object_get` is variadic, which Swift cannot call.
static inline gboolean dance_animations_enabled(void) {
  GtkSettings *settings = gtk_settings_get_default();
  gboolean enabled = TRUE;
  if (settings != NULL) g_object_get(settings, "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

/// The GObject casts, as functions.
static inline GtkWindow *dance_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
static inline GtkDrawingArea *dance_drawing_area(GtkWidget *widget) {
  return GTK_DRAWING_AREA(widget);
}
static inline GtkEventController *dance_controller(gpointer object) {
  return GTK_EVENT_CONTROLLER(object);
}
static inline GtkGesture *dance_gesture(gpointer object) { return GTK_GESTURE(object); }
