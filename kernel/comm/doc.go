// Package comm carries Jupyter comms between the front end and compiled
// Go code in the kernel's worker process: the channels that the Jupyter
// messaging specification calls "custom messages" (comm_open, comm_msg,
// comm_close), on which interactive widgets (package widget) keep a model
// in the kernel and one in the browser in step.
//
// Code in the worker opens comms with Open and registers targets with
// Register, for the comms the front end opens. The worker delivers what
// the front end sends with Deliver, and installs the Sink that sends what
// the kernel side says, for the request it is serving (Attach). Parent
// names that request's message, which an output widget needs to capture
// the output the request makes.
//
// Comms opened while a request runs are named after the request's message
// and their rank in it ("<msg_id>-1", "<msg_id>-2", ...): when the kernel
// restores a session in a new worker, replaying the cells with their
// message ids, the comms get the ids the front end knows, and the widgets
// on the page go on working.
package comm
