/*
| Public site routes (issue: public site). Registered before the remaining
| pages of the route table get their placeholder.
*/
